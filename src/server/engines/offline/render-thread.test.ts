// The offline engine in a worker thread: the same bytes as on the main thread, progress passed back, stoppable,
// and errors that keep their message.
import { describe, expect, it } from 'vitest';
import { renderOffline, type RenderPhase } from './offline-engine';
import { renderOfflineInThread } from './render-thread';
import { loadRoom } from './test-fixtures';

describe('renderOfflineInThread', () => {
  it('gives the same JPEG as a render on the main thread, with its progress events', async () => {
    const image = await loadRoom('kitchen_1');
    const input = { image, styleId: 'industrial-loft' as const, customPrompt: 'sage green walls', seed: 31 };
    const phases: RenderPhase[] = [];
    const inThread = await renderOfflineInThread({ ...input, onProgress: ({ phase }) => phases.push(phase) });
    const onMain = await renderOffline(input);

    expect(Buffer.isBuffer(inThread.image)).toBe(true);
    expect(inThread.image.equals(onMain.image)).toBe(true);
    expect(inThread).toMatchObject({ width: onMain.width, height: onMain.height, engine: 'offline-preview' });
    expect(new Set(phases)).toEqual(new Set(['analysis', 'architecture', 'generation', 'enhancement']));
  });

  it('stops a render when its signal aborts, and renders the next one as usual', async () => {
    const image = await loadRoom('living_room_1');
    const controller = new AbortController();
    const stopped = renderOfflineInThread(
      {
        image,
        styleId: 'modern-zen',
        customPrompt: null,
        seed: 5,
        onProgress: ({ phase }) => phase === 'architecture' && controller.abort(),
      },
      controller.signal,
    );
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });

    const next = await renderOfflineInThread({ image, styleId: 'modern-zen', customPrompt: null, seed: 5 });
    expect(next.image.length).toBeGreaterThan(1000);
  });

  it('rejects a bad seed with the engine’s own message', async () => {
    const image = await loadRoom('kitchen_1');
    await expect(renderOfflineInThread({ image, styleId: 'transitional', customPrompt: null, seed: -1 })).rejects.toThrow(
      /seed must be an integer from 0 to/,
    );
  });
});
