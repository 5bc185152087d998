// The AI models the product can render with: what an ENGINE_* binding calls each, the name homeowners and
// admins see, whether it follows instructions or a tag prompt, and what one image costs by the provider's
// published price (an estimate; AI_PRICES_USD overrides any of them). docs/ai-providers.md explains the
// choices; decision 025 records the recommended pair.

export type ModelKind = 'instruction' | 'diffusion' | 'upscale';

export type AiModel = {
  /** The model's key, as a binding names it after the provider: 'replicate:google/nano-banana', 'openai:gpt-image-1'. */
  key: string;
  displayName: string;
  kind: ModelKind;
  /** USD per output image, from the provider's published price. */
  priceUsd: number;
  priceSource: string;
};

export const AI_MODELS: readonly AiModel[] = [
  {
    key: 'replicate:black-forest-labs/flux-kontext-pro',
    displayName: 'FLUX.1 Kontext [pro]',
    kind: 'instruction',
    priceUsd: 0.04,
    priceSource: 'replicate.com/black-forest-labs/flux-kontext-pro: $0.04 per output image',
  },
  {
    key: 'replicate:google/nano-banana',
    displayName: 'Nano Banana (Gemini 2.5 Flash Image)',
    kind: 'instruction',
    priceUsd: 0.039,
    priceSource: 'replicate.com/google/nano-banana: $0.039 per output image',
  },
  {
    key: 'replicate:google/nano-banana-2',
    displayName: 'Nano Banana 2 (Gemini 3.1 Flash Image)',
    kind: 'instruction',
    priceUsd: 0.101,
    priceSource: 'Google’s published price for a 2K Gemini 3.1 Flash Image output, which Replicate passes through per image',
  },
  {
    key: 'replicate:black-forest-labs/flux-depth-pro',
    displayName: 'FLUX.1 Depth [pro]',
    kind: 'diffusion',
    priceUsd: 0.05,
    priceSource: 'replicate.com/black-forest-labs/flux-depth-pro: $0.05 per output image',
  },
  {
    key: 'replicate:adirik/interior-design',
    displayName: 'Interior Design (Stable Diffusion 1.5 with ControlNet)',
    kind: 'diffusion',
    priceUsd: 0.01,
    priceSource: 'billed by GPU time on Replicate; about 10 s of an A40 per image',
  },
  {
    key: 'replicate:recraft-ai/recraft-crisp-upscale',
    displayName: 'Recraft Crisp Upscale',
    kind: 'upscale',
    priceUsd: 0.006,
    priceSource: 'replicate.com/recraft-ai/recraft-crisp-upscale: $0.006 per output image',
  },
  {
    key: 'openai:gpt-image-1',
    displayName: 'GPT Image 1',
    kind: 'instruction',
    // The answer's `usage` gives the exact figure; this is the fallback when it is missing.
    priceUsd: 0.25,
    priceSource: 'platform.openai.com/docs/pricing: high quality 1536×1024 output, $0.25 (plus input image tokens)',
  },
  {
    key: 'stability:control-structure',
    displayName: 'Stable Image Control (structure)',
    kind: 'diffusion',
    priceUsd: 0.03,
    priceSource: 'platform.stability.ai/pricing: 3 credits at $0.01',
  },
  {
    key: 'comfyui:depth-controlnet-sdxl',
    displayName: 'SDXL with depth ControlNet',
    kind: 'diffusion',
    priceUsd: 0,
    priceSource: 'self-hosted: no per-image charge',
  },
];

/** GPT Image 1 token prices (USD per million tokens), for the exact cost from an answer's `usage`. */
export const GPT_IMAGE_TOKEN_PRICES = { textInput: 5, imageInput: 10, imageOutput: 40 } as const;

export const OFFLINE_MODEL_KEY = 'offline-preview';
export const OFFLINE_DISPLAY_NAME = 'Offline preview (colour and material preview, not AI)';

/**
 * What renders when only a provider's key is set (decision 025): the layout-keeping engine on an instruction
 * editor told to keep the room's structure, the premium engine on the model with the richest materials.
 */
export const RECOMMENDED_BINDINGS = {
  replicate: {
    'structural-design-ai': 'replicate:black-forest-labs/flux-kontext-pro',
    'architectural-vision-engine': 'replicate:google/nano-banana-2',
  },
  openai: {
    'structural-design-ai': 'openai:gpt-image-1',
    'architectural-vision-engine': 'openai:gpt-image-1',
  },
} as const;

/** A long side below this is upscaled before the homeowner sees it. */
export const MIN_LONG_SIDE_PX = 1536;

export const findModel = (key: string): AiModel | undefined => AI_MODELS.find((model) => model.key === key);

export type PriceTable = (key: string) => number;

/** Published prices, with AI_PRICES_USD's overrides on top; an unknown model is priced at 0 and says so in the docs. */
export function createPriceTable(overrides: Readonly<Record<string, number>> = {}): PriceTable {
  return (key) => overrides[key] ?? findModel(key)?.priceUsd ?? 0;
}
