// The fake Replicate and ComfyUI the e2e servers render with (see global-setup.ts): each answers with the same
// recognisable image and a few progress steps, so a spec can see live progress and the provider's image.
import { startComfyUiFake } from '../fakes/comfyui-fake';
import { startReplicateFake, TQDM } from '../fakes/replicate-fake';
import { solidJpeg } from '../fakes/test-images';
import { E2E_COMFYUI_PORT, E2E_PROVIDER_COLOUR, E2E_REPLICATE_PORT, E2E_REPLICATE_TOKEN } from './e2e-constants';

export async function startFakeProviders() {
  const image = await solidJpeg(640, 480, E2E_PROVIDER_COLOUR);
  const replicate = await startReplicateFake({ token: E2E_REPLICATE_TOKEN, port: E2E_REPLICATE_PORT });
  replicate.state.outputImage = image;
  // One poll a second: about five seconds of sampler progress before the image is ready.
  replicate.state.timeline = [
    { status: 'processing', logs: 'Using seed: 1\nPreparing depth guidance' },
    ...[4, 8, 12, 16].map((step) => ({ status: 'processing' as const, logs: `Using seed: 1\n${TQDM(step, 20)}` })),
    { status: 'succeeded', logs: `Using seed: 1\n${TQDM(20, 20)}` },
  ];
  const comfyui = await startComfyUiFake({ port: E2E_COMFYUI_PORT });
  comfyui.state.outputImage = image;
  return {
    async close() {
      await Promise.all([replicate.close(), comfyui.close()]);
    },
  };
}
