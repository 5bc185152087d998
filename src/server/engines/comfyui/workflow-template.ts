// ComfyUI workflows in API format, kept as JSON template files: `{{name}}` placeholders are filled with typed
// values (a whole-string placeholder becomes the value itself, so numbers stay numbers), and the nodes that
// matter for progress and output are found by their class.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export type WorkflowNode = { class_type: string; inputs: Record<string, unknown>; _meta?: { title?: string } };
export type Workflow = Record<string, WorkflowNode>;
export type WorkflowValues = Record<string, string | number | boolean>;

/** The shipped SDXL + depth ControlNet workflow. */
export const DEFAULT_WORKFLOW_PATH = fileURLToPath(new URL('./workflows/depth-controlnet-sdxl.json', import.meta.url));

/** The placeholders the provider fills; a template may use any of them and no others. */
export const WORKFLOW_PLACEHOLDERS = ['image', 'prompt', 'negative_prompt', 'seed', 'width', 'height'] as const;

const WHOLE = /^\{\{\s*([a-z_]+)\s*\}\}$/;
const ANY = /\{\{\s*([a-z_]+)\s*\}\}/g;

export async function loadWorkflowTemplate(path: string = DEFAULT_WORKFLOW_PATH): Promise<Workflow> {
  const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
  return checkWorkflow(parsed, path);
}

/** Rejects what ComfyUI would reject later, with a message naming the file: a misconfiguration should fail at once. */
export function checkWorkflow(value: unknown, source = 'workflow'): Workflow {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`${source}: not an API-format workflow (an object of nodes)`);
  for (const [id, node] of Object.entries(value)) {
    if (
      !node ||
      typeof node !== 'object' ||
      typeof (node as WorkflowNode).class_type !== 'string' ||
      typeof (node as WorkflowNode).inputs !== 'object'
    ) {
      throw new Error(`${source}: node ${id} has no class_type and inputs (export the workflow with "Save (API Format)")`);
    }
  }
  const unknown = placeholdersIn(value).filter((name) => !(WORKFLOW_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`${source}: unknown placeholders ${unknown.map((name) => `{{${name}}}`).join(', ')}`);
  if (!findNodes(value as Workflow, isOutputNode).length)
    throw new Error(`${source}: no SaveImage node, so there would be no image to fetch`);
  return value as Workflow;
}

export function fillWorkflow(template: Workflow, values: WorkflowValues): Workflow {
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const whole = WHOLE.exec(value);
      if (whole) return lookup(whole[1]);
      return value.replace(ANY, (_match, name: string) => String(lookup(name)));
    }
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, fill(entry)]));
    return value;
  };
  const lookup = (name: string) => {
    if (!(name in values)) throw new Error(`No value for workflow placeholder {{${name}}}`);
    return values[name];
  };
  return fill(template) as Workflow;
}

export function findNodes(workflow: Workflow, predicate: (node: WorkflowNode) => boolean): string[] {
  return Object.entries(workflow)
    .filter(([, node]) => predicate(node))
    .map(([id]) => id);
}

export const isOutputNode = (node: WorkflowNode) => /^SaveImage/.test(node.class_type);
export const isSamplerNode = (node: WorkflowNode) => /KSampler|SamplerCustom/i.test(node.class_type);
/** Depth, normal and edge preprocessors: the "architecture" phase, where the room's geometry is read. */
export const isStructureNode = (node: WorkflowNode) =>
  /(depth|midas|zoe|normal|lineart|mlsd|canny)/i.test(node.class_type) && !/controlnet/i.test(node.class_type);

/**
 * The render size for SDXL: about one megapixel in the photo's aspect ratio, sides in multiples of 64,
 * which is what SDXL was trained on and what keeps the depth map aligned with the latent.
 */
export function sdxlSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.sqrt((1024 * 1024) / (width * height));
  const side = (value: number) => Math.min(1536, Math.max(512, Math.round((value * scale) / 64) * 64));
  return { width: side(width), height: side(height) };
}

function placeholdersIn(value: unknown): string[] {
  const text = JSON.stringify(value);
  return [...new Set([...text.matchAll(ANY)].map((match) => match[1]))];
}
