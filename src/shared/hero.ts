// The home page hero's before/after: the shipped default (an example room redesigned by the offline preview
// engine, made by scripts/make-hero-images.ts), or a community design an admin picked in Settings.

export const HERO_DEFAULT = {
  photo: 'dining_room_1.jpg',
  styleId: 'mediterranean-oasis',
  styleName: 'Mediterranean Oasis',
  roomLabel: 'Dining Room',
  /** The offline engine's seed, so the shipped images can be made again exactly. */
  seed: 261_124,
} as const;

/** Where the default's files are served; a chosen design's are under /api/hero/<leadId>/ with the same names. */
export const HERO_DEFAULT_DIR = '/images/hero/';

/** What the hero says made its "after" image (the default is always the offline preview). */
export const heroCaption = (design: { styleName: string; roomLabel: string; madeBy: string }) =>
  `${design.styleName} ${design.roomLabel.toLowerCase()}: ${design.madeBy}`;

export const OFFLINE_PREVIEW_CREDIT = 'made by our offline preview engine from a real photo, not an AI render';
