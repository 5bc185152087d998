// The workflow template file and its placeholders.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkWorkflow,
  fillWorkflow,
  findNodes,
  isOutputNode,
  isSamplerNode,
  isStructureNode,
  loadWorkflowTemplate,
  sdxlSize,
} from './workflow-template';

describe('the shipped depth ControlNet workflow', () => {
  it('loads, and holds the nodes an SDXL depth render needs', async () => {
    const workflow = await loadWorkflowTemplate();
    const classes = Object.values(workflow).map((node) => node.class_type);
    for (const needed of [
      'LoadImage',
      'ControlNetLoader',
      'ControlNetApplyAdvanced',
      'CheckpointLoaderSimple',
      'KSampler',
      'VAEDecode',
      'SaveImage',
    ])
      expect(classes).toContain(needed);
    expect(classes.filter((name) => name === 'CLIPTextEncode')).toHaveLength(2);
    expect(findNodes(workflow, isStructureNode)).toEqual(['4']);
    expect(findNodes(workflow, isSamplerNode)).toEqual(['10']);
    expect(findNodes(workflow, isOutputNode)).toEqual(['12']);
  });

  it('fills every placeholder with typed values, leaving no {{…}} behind', async () => {
    const filled = fillWorkflow(await loadWorkflowTemplate(), {
      image: 'room.jpg',
      prompt: 'a "quoted" kitchen',
      negative_prompt: 'blurry',
      seed: 7,
      width: 1216,
      height: 832,
    });
    expect(JSON.stringify(filled)).not.toContain('{{');
    expect(filled['10'].inputs.seed).toBe(7);
    expect(filled['9'].inputs).toMatchObject({ width: 1216, height: 832, batch_size: 1 });
    expect(filled['6'].inputs.text).toBe('a "quoted" kitchen');
    // Links between nodes are left alone.
    expect(filled['10'].inputs.model).toEqual(['1', 0]);
  });
});

describe('workflow templates', () => {
  const minimal = { '1': { class_type: 'SaveImage', inputs: { filename_prefix: 'room-{{seed}}', images: ['2', 0] } } };

  it('interpolates placeholders inside longer strings', () => {
    expect(fillWorkflow(minimal, { seed: 12 })['1'].inputs.filename_prefix).toBe('room-12');
  });

  it('refuses unknown placeholders, missing values, a workflow without SaveImage, and the UI format', async () => {
    expect(() => checkWorkflow({ '1': { class_type: 'SaveImage', inputs: { x: '{{colour}}' } } })).toThrow(
      /unknown placeholders \{\{colour\}\}/,
    );
    expect(() => fillWorkflow(minimal, {})).toThrow(/No value for workflow placeholder \{\{seed\}\}/);
    expect(() => checkWorkflow({ '1': { class_type: 'KSampler', inputs: {} } })).toThrow(/no SaveImage node/);
    const directory = await mkdtemp(join(tmpdir(), 'workflow-'));
    const uiFormat = join(directory, 'ui.json');
    await writeFile(uiFormat, JSON.stringify({ nodes: [], links: [] }));
    try {
      await expect(loadWorkflowTemplate(uiFormat)).rejects.toThrow(/Save \(API Format\)/);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('sdxlSize', () => {
  it('keeps the aspect ratio near one megapixel in multiples of 64', () => {
    expect(sdxlSize(1920, 1440)).toEqual({ width: 1152, height: 896 });
    expect(sdxlSize(1440, 1920)).toEqual({ width: 896, height: 1152 });
    expect(sdxlSize(1000, 1000)).toEqual({ width: 1024, height: 1024 });
  });
});
