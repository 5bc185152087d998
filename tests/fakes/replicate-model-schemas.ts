// The input schemas of the Replicate models the product supports, as their published API pages give them
// (replicate.com/<owner>/<name>/api, read 2026-11). The fake checks every prediction against them and answers
// 422 with `invalid_fields` like Replicate does; it is stricter than Replicate in one way: a field the model
// does not have is refused (Replicate ignores it), so a misspelt field cannot pass unnoticed.

type Field =
  | { type: 'string'; required?: boolean; enum?: readonly string[] }
  | { type: 'integer' | 'number'; required?: boolean; min?: number; max?: number }
  | { type: 'boolean' }
  | { type: 'array'; required?: boolean; maxItems?: number };

type Schema = Readonly<Record<string, Field>>;

const OUTPUT_JPG_PNG = { type: 'string', enum: ['jpg', 'png'] } as const;

export const MODEL_SCHEMAS: Readonly<Record<string, Schema>> = {
  'google/nano-banana': {
    prompt: { type: 'string', required: true },
    image_input: { type: 'array', maxItems: 14 },
    aspect_ratio: {
      type: 'string',
      enum: ['match_input_image', '1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'],
    },
    output_format: OUTPUT_JPG_PNG,
  },
  'google/nano-banana-2': {
    prompt: { type: 'string', required: true },
    image_input: { type: 'array', maxItems: 14 },
    aspect_ratio: {
      type: 'string',
      enum: ['match_input_image', '1:1', '1:4', '1:8', '2:3', '3:2', '3:4', '4:1', '4:3', '4:5', '5:4', '8:1', '9:16', '16:9', '21:9'],
    },
    resolution: { type: 'string', enum: ['1K', '2K', '4K'] },
    google_search: { type: 'boolean' },
    image_search: { type: 'boolean' },
    output_format: OUTPUT_JPG_PNG,
  },
  'black-forest-labs/flux-kontext-pro': {
    prompt: { type: 'string', required: true },
    input_image: { type: 'string' },
    aspect_ratio: {
      type: 'string',
      enum: ['match_input_image', '1:1', '16:9', '9:16', '4:3', '3:4', '3:2', '2:3', '4:5', '5:4', '21:9', '9:21', '2:1', '1:2'],
    },
    output_format: OUTPUT_JPG_PNG,
    seed: { type: 'integer' },
    // 0–6, but 2 is the most permissive value allowed with an input image (checked below).
    safety_tolerance: { type: 'integer', min: 0, max: 6 },
    prompt_upsampling: { type: 'boolean' },
  },
  'black-forest-labs/flux-depth-pro': {
    prompt: { type: 'string', required: true },
    control_image: { type: 'string', required: true },
    seed: { type: 'integer' },
    steps: { type: 'integer', min: 15, max: 50 },
    prompt_upsampling: { type: 'boolean' },
    guidance: { type: 'number', min: 1, max: 100 },
    safety_tolerance: { type: 'integer', min: 1, max: 6 },
    output_format: OUTPUT_JPG_PNG,
  },
  'recraft-ai/recraft-crisp-upscale': {
    image: { type: 'string', required: true },
  },
};

export type InvalidField = { type: string; field: string; description: string };

/** The problems Replicate would report for this input to this model (none for a model without a schema here). */
export function invalidFields(model: string, input: Record<string, unknown>): InvalidField[] {
  const schema = MODEL_SCHEMAS[model];
  if (!schema) return [];
  const problems: InvalidField[] = [];
  const problem = (field: string, type: string, description: string) => problems.push({ type, field: `input.${field}`, description });
  for (const [name, field] of Object.entries(schema)) {
    const value = input[name];
    if (value === undefined) {
      if ('required' in field && field.required) problem(name, 'required', `${name} is required`);
      continue;
    }
    if (field.type === 'string' && typeof value !== 'string') problem(name, 'type_error', 'Must be a string');
    if (field.type === 'string' && field.enum && !field.enum.includes(String(value)))
      problem(name, 'enum', `Must be one of: ${field.enum.join(', ')}`);
    if (field.type === 'boolean' && typeof value !== 'boolean') problem(name, 'type_error', 'Must be a boolean');
    if (field.type === 'array' && !Array.isArray(value)) problem(name, 'type_error', 'Must be an array');
    if (field.type === 'array' && Array.isArray(value) && field.maxItems !== undefined && value.length > field.maxItems)
      problem(name, 'max_items', `At most ${field.maxItems} items`);
    if (field.type === 'integer' || field.type === 'number') {
      if (typeof value !== 'number' || (field.type === 'integer' && !Number.isInteger(value)))
        problem(name, 'type_error', `Must be an ${field.type}`);
      else if (field.min !== undefined && value < field.min)
        problem(name, 'greater_than_equal', `Must be greater than or equal to ${field.min}`);
      else if (field.max !== undefined && value > field.max) problem(name, 'less_than_equal', `Must be less than or equal to ${field.max}`);
    }
  }
  for (const name of Object.keys(input)) if (!(name in schema)) problem(name, 'unknown_field', `${model} has no input ${name}`);
  if (model === 'black-forest-labs/flux-kontext-pro' && input.input_image !== undefined && Number(input.safety_tolerance ?? 2) > 2)
    problem('safety_tolerance', 'less_than_equal', '2 is currently the maximum allowed when input images are used');
  return problems;
}
