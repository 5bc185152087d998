// How configuration text names a Replicate model.
import { describe, expect, it } from 'vitest';
import { modelSlug, parseReplicateModel } from './replicate-model';

describe('parseReplicateModel', () => {
  it('reads owner/name, owner/name:version and bare version ids', () => {
    const id = 'f'.repeat(64);
    expect(parseReplicateModel('black-forest-labs/flux-depth-pro')).toEqual({ owner: 'black-forest-labs', name: 'flux-depth-pro' });
    expect(parseReplicateModel(`adirik/interior-design:${id}`)).toEqual({ version: `adirik/interior-design:${id}` });
    expect(parseReplicateModel(id)).toEqual({ version: id });
    expect(modelSlug({ version: `adirik/interior-design:${id}` })).toBe('adirik/interior-design');
    expect(modelSlug({ version: id })).toBeUndefined();
    expect(() => parseReplicateModel('not a model')).toThrow(/Not a Replicate model/);
  });
});
