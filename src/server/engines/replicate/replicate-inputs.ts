// The input object of each Replicate model the product supports, written from the model's published API page
// (replicate.com/<owner>/<name>/api). Instruction editors get an instruction (prompts/instruction-prompt.ts);
// diffusion models keep the tag-style prompt. Any other model needs its own builder.
import type { EngineInput } from '#server/engines/engine';
import { redesignInstruction, refinementInstruction } from '#server/engines/prompts/instruction-prompt';
import { DEFAULT_NEGATIVE_PROMPT, tagPromptFor } from '#server/engines/prompts/tag-prompt';

/** `image` is what the model is sent for the photo: a data URI or a URL Replicate can fetch. */
export type ReplicateInputBuilder = (input: EngineInput, image: string) => Record<string, unknown>;

/** The instruction a model gets: an edit in the homeowner's words when this render refines a result, else the redesign. */
const instructionFor = (input: EngineInput) => (input.refinement ? refinementInstruction(input.refinement) : redesignInstruction(input));

/** google/nano-banana (Gemini 2.5 Flash Image): `image_input` is a list of images; it takes no seed. */
export const nanoBananaInput: ReplicateInputBuilder = (input, image) => ({
  prompt: instructionFor(input),
  image_input: [image],
  aspect_ratio: 'match_input_image',
  output_format: 'jpg',
});

/** google/nano-banana-2 (Gemini 3.1 Flash Image): the same, plus `resolution`; 2K gives a long side of about 2048 px. */
export const nanoBanana2Input: ReplicateInputBuilder = (input, image) => ({
  ...nanoBananaInput(input, image),
  resolution: '2K',
});

/** black-forest-labs/flux-kontext-pro: one `input_image`; 2 is the highest safety tolerance allowed with an input image. */
export const fluxKontextProInput: ReplicateInputBuilder = (input, image) => ({
  prompt: instructionFor(input),
  input_image: image,
  aspect_ratio: 'match_input_image',
  output_format: 'jpg',
  safety_tolerance: 2,
  prompt_upsampling: false,
  seed: input.seed,
});

/** adirik/interior-design: SD 1.5 with segmentation and MLSD ControlNets, made for restyling rooms. */
export const interiorDesignInput: ReplicateInputBuilder = (input, image) => ({
  image,
  prompt: tagPromptFor(input),
  negative_prompt: DEFAULT_NEGATIVE_PROMPT,
  num_inference_steps: 50,
  guidance_scale: 15,
  // How far the result may move from the photo: high enough to restyle, low enough to keep the room recognisable.
  prompt_strength: 0.8,
  seed: input.seed,
});

/**
 * black-forest-labs/flux-depth-pro: FLUX guided by a depth map it derives from the photo. Its published
 * `guidance` runs 1–100 with a default of 15 (30 is FLUX Canny's default), and `steps` 15–50, default 50.
 */
export const fluxDepthProInput: ReplicateInputBuilder = (input, image) => ({
  control_image: image,
  prompt: tagPromptFor(input),
  steps: 50,
  guidance: 15,
  seed: input.seed,
  output_format: 'jpg',
});

/** recraft-ai/recraft-crisp-upscale: only the image; it returns it sharper at a larger size. */
export const crispUpscaleInput = (image: string) => ({ image });

export const REPLICATE_INPUTS: Readonly<Record<string, ReplicateInputBuilder>> = {
  'google/nano-banana': nanoBananaInput,
  'google/nano-banana-2': nanoBanana2Input,
  'black-forest-labs/flux-kontext-pro': fluxKontextProInput,
  'adirik/interior-design': interiorDesignInput,
  'black-forest-labs/flux-depth-pro': fluxDepthProInput,
};

/** The upscaler run when a model's output is smaller than the product shows (see MIN_LONG_SIDE_PX). */
export const REPLICATE_UPSCALER = { owner: 'recraft-ai', name: 'recraft-crisp-upscale' } as const;
