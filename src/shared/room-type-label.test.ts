import { describe, expect, it } from 'vitest';
import { roomTypeLabel } from './constants';

describe('roomTypeLabel', () => {
  it("shows the seed's label for a stored room type, and anything else as it is", () => {
    expect(roomTypeLabel('living_room')).toBe('Living Room');
    expect(roomTypeLabel('other')).toBe('Other Interior Space');
    expect(roomTypeLabel('backyard')).toBe('Backyard');
    expect(roomTypeLabel('patio')).toBe('patio');
    expect(roomTypeLabel(null)).toBe('');
  });
});
