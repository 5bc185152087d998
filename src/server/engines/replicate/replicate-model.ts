// Which Replicate model a provider runs, and how configuration text names it.

/**
 * `{ owner, name }` runs the model's latest version (official models, `POST /v1/models/{owner}/{name}/predictions`);
 * `{ version }` pins one version (`POST /v1/predictions`; community models such as adirik/interior-design need it),
 * either as the 64-character id or as `owner/name:id`.
 */
export type ReplicateModelRef = { owner: string; name: string } | { version: string };

/** Parses `owner/name`, `owner/name:version` or a bare version id, e.g. from ENGINE_…=replicate:adirik/interior-design:<id>. */
export function parseReplicateModel(text: string): ReplicateModelRef {
  const trimmed = text.trim();
  const pinned = /^([\w.-]+)\/([\w.-]+):([0-9a-f]{64})$/i.exec(trimmed);
  if (pinned) return { version: trimmed };
  const named = /^([\w.-]+)\/([\w.-]+)$/.exec(trimmed);
  if (named) return { owner: named[1], name: named[2] };
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return { version: trimmed };
  throw new Error(`Not a Replicate model: "${text}" (expected owner/name, owner/name:version or a version id)`);
}

/** `owner/name` when the reference names the model, for choosing a default input builder and for messages. */
export function modelSlug(model: ReplicateModelRef): string | undefined {
  if ('owner' in model) return `${model.owner}/${model.name}`;
  const prefix = /^([\w.-]+\/[\w.-]+):/.exec(model.version);
  return prefix ? prefix[1] : undefined;
}
