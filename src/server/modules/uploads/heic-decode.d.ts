// Types for heic-decode, which ships none: only the calls the upload normaliser makes.
declare module 'heic-decode' {
  type DecodedImage = { width: number; height: number; data: Uint8ClampedArray };
  type LazyImage = { width: number; height: number; decode: () => Promise<DecodedImage> };
  type HeicDecode = {
    (input: { buffer: ArrayBufferView | ArrayBuffer }): Promise<DecodedImage>;
    all: (input: { buffer: ArrayBufferView | ArrayBuffer }) => Promise<LazyImage[] & { dispose: () => void }>;
  };
  const decode: HeicDecode;
  export default decode;
}
