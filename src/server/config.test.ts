import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mw-config-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      database: { kind: 'sqlite', file: path.join(dataDir, 'app.db') },
      admin: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
    });
  });

  it('generates AUTH_SECRET once and keeps it in DATA_DIR', async () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect((await readFile(path.join(dataDir, 'auth-secret'), 'utf8')).trim()).toBe(first.authSecret);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/app' });
  });

  it('fails fast listing every bad variable', () => {
    const load = () => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    expect(load).toThrow(ConfigError);
    try {
      load();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL must start with postgres://');
    }
  });

  it('refuses an admin email without a password', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: 'admin@example.com' })).toThrow(
      'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    );
  });

  it('binds engines to providers, and refuses a binding without its credentials', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).engines).toEqual({
      'structural-design-ai': 'offline',
      'architectural-vision-engine': 'offline',
    });
    const bound = loadConfig({ DATA_DIR: dataDir, ENGINE_STRUCTURAL_DESIGN_AI: 'comfyui', COMFYUI_URL: 'http://gpu-box:8188' });
    expect(bound.engines['structural-design-ai']).toBe('comfyui');
    expect(bound.providers.comfyui).toEqual({ baseUrl: 'http://gpu-box:8188', apiKey: undefined });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, ENGINE_ARCHITECTURAL_VISION_ENGINE: 'replicate:black-forest-labs/flux-depth-pro' }),
    ).toThrow('ENGINE_ARCHITECTURAL_VISION_ENGINE=replicate:black-forest-labs/flux-depth-pro needs REPLICATE_API_TOKEN');
    expect(() => loadConfig({ DATA_DIR: dataDir, ENGINE_STRUCTURAL_DESIGN_AI: 'midjourney' })).toThrow(
      'must be offline, comfyui, stability, openai[:model] or replicate:owner/name[:version]',
    );
  });

  it('refuses a Replicate model it has no input schema for', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, REPLICATE_API_TOKEN: 'r8_test', ENGINE_STRUCTURAL_DESIGN_AI: 'replicate:acme/some-model' }),
    ).toThrow(
      'ENGINE_STRUCTURAL_DESIGN_AI=replicate:acme/some-model: the supported Replicate models are black-forest-labs/flux-kontext-pro, google/nano-banana, google/nano-banana-2',
    );
  });

  it('renders on the recommended models when only a provider key is set; ENGINE_* still overrides', () => {
    expect(loadConfig({ DATA_DIR: dataDir, REPLICATE_API_TOKEN: 'r8_test' }).engines).toEqual({
      'structural-design-ai': 'replicate:black-forest-labs/flux-kontext-pro',
      'architectural-vision-engine': 'replicate:google/nano-banana-2',
    });
    expect(loadConfig({ DATA_DIR: dataDir, OPENAI_API_KEY: 'sk-test' }).engines).toEqual({
      'structural-design-ai': 'openai:gpt-image-1',
      'architectural-vision-engine': 'openai:gpt-image-1',
    });
    const overridden = loadConfig({ DATA_DIR: dataDir, REPLICATE_API_TOKEN: 'r8_test', ENGINE_STRUCTURAL_DESIGN_AI: 'offline' });
    expect(overridden.engines).toEqual({
      'structural-design-ai': 'offline',
      'architectural-vision-engine': 'replicate:google/nano-banana-2',
    });
  });

  it('reads the daily AI budget and price overrides, and refuses malformed ones', () => {
    const config = loadConfig({ DATA_DIR: dataDir, AI_DAILY_BUDGET_USD: '12.50', AI_PRICES_USD: '{"replicate:google/nano-banana": 0.05}' });
    expect(config.ai).toEqual({ dailyBudgetUsd: 12.5, prices: { 'replicate:google/nano-banana': 0.05 } });
    expect(loadConfig({ DATA_DIR: dataDir }).ai).toEqual({ dailyBudgetUsd: undefined, prices: {} });
    expect(() => loadConfig({ DATA_DIR: dataDir, AI_DAILY_BUDGET_USD: 'lots' })).toThrow('AI_DAILY_BUDGET_USD must be an amount in USD');
    expect(() => loadConfig({ DATA_DIR: dataDir, AI_PRICES_USD: '{oops' })).toThrow('AI_PRICES_USD must be JSON');
    expect(() => loadConfig({ DATA_DIR: dataDir, AI_PRICES_USD: '{"x": "cheap"}' })).toThrow('AI_PRICES_USD must map model keys');
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    expect(config.database.kind).toBe('sqlite');
    expect(config.admin).toBeUndefined();
  });
});
