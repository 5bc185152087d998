// Keyset pages of "newest first" lists (the feed, My Designs): the cursor is the last row's creation time
// and id, opaque to the client (base64url JSON). A cursor that does not decode reads as the first page.

export type KeysetCursor = { createdAt: string; id: string };

export const encodeCursor = (cursor: KeysetCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

export function decodeCursor(value: string | undefined): KeysetCursor | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as KeysetCursor;
    return typeof parsed.createdAt === 'string' && typeof parsed.id === 'string' ? parsed : null;
  } catch {
    return null;
  }
}
