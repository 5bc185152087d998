// The offline engine's reading of rooms, line by line, to see which readings a change to the engine moves. For every
// labelled photo in the four variants the tests use and at 480, 640, 960 and 1920 px: the share of the hand-drawn
// floor found, of the hand-drawn ceiling left as photographed, and of each hand-drawn wall taken for floor or left as
// photographed (quality/room-reading.ts). Then every fixture photo normalised as an upload is, at the same sizes: how
// many cells of the grid it takes for floor, and a fingerprint of its whole reading, so a change anywhere shows. And
// the labelled photos at 960 px with each synthetic rug laid into them (quality/synthetic-rug.ts): the share of the rug
// taken for floor and of the floor round it found. The
// reading test judges the labelled readings against their bars; this says what moved. Save a run before the change
// and one after, and compare them:
//
//   npx tsx scripts/room-readings.ts > before.txt
//   npx tsx scripts/room-readings.ts --compare before.txt after.txt
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { PHOTO_VARIANTS, photoVariant } from '#server/engines/offline/quality/measure-renderer';
import { readPhoto, readRoom, roomRoles } from '#server/engines/offline/quality/room-reading';
import { LABELLED_ROOMS } from '#server/engines/offline/quality/room-labels/room-labels';
import { SYNTHETIC_RUGS, withSyntheticRug } from '#server/engines/offline/quality/synthetic-rug';
import { normaliseUpload } from '#server/modules/uploads/image-normaliser';

const SIZES = [480, 640, 960, 1920];
const ROOMS_DIR = path.resolve('../shared/fixtures/rooms');

const print = (line: string) => process.stdout.write(`${line}\n`);

const { values, positionals } = parseArgs({ options: { compare: { type: 'boolean' } }, allowPositionals: true });

try {
  if (values.compare) compare(positionals[0], positionals[1]);
  else await measure();
} catch (error) {
  // A wrong argument: say so, without a stack.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
}

/** One line per reading: its key (what was read), a tab, and what the engine made of it. */
async function measure() {
  for (const room of LABELLED_ROOMS) {
    for (const variant of PHOTO_VARIANTS) {
      for (const size of SIZES) {
        const { walls, floorFound, ceilingKept, furniture } = await readRoom(room, variant, size);
        const at = `${room} ${variant} ${size} px`;
        print(`${at} floor found\t${floorFound.toFixed(3)}`);
        if (ceilingKept !== null) print(`${at} ceiling kept\t${ceilingKept.toFixed(3)}`);
        for (const wall of walls) {
          print(`${at} wall "${wall.wall}"\ttaken for floor ${wall.takenForFloor.toFixed(3)}, left ${wall.leftAsIs.toFixed(3)}`);
        }
        for (const piece of furniture) {
          print(
            `${at} furniture "${piece.piece}"\ttaken for wall ${piece.takenForWall.toFixed(3)}, for floor ${piece.takenForFloor.toFixed(3)}`,
          );
        }
      }
    }
  }
  // Rugs laid into the labelled photos but the one with its own rug, as the reading test lays them.
  for (const room of LABELLED_ROOMS.filter((name) => name !== 'living_room_12mp')) {
    const { photo, labels } = await photoVariant(room, 960, 'as taken');
    for (const rug of SYNTHETIC_RUGS) {
      const withRug = await withSyntheticRug(photo, labels, rug);
      const { floorFound, furniture } = await readPhoto(withRug.photo, withRug.labels);
      const piece = furniture.find((item) => item.piece === rug.name);
      print(`${room} as taken 960 px with a ${rug.name}	for floor ${piece?.takenForFloor.toFixed(3)}, floor found ${floorFound.toFixed(3)}`);
    }
  }
  // Photos as uploads reach the engine: upright, sRGB, at most 1920 px, HEIC decoded; then at each size.
  for (const file of readdirSync(ROOMS_DIR).filter((name) => /\.(jpe?g|heic)$/i.test(name))) {
    const { image } = await normaliseUpload(readFileSync(path.join(ROOMS_DIR, file)));
    for (const size of SIZES) {
      const photo = await sharp(image).resize(size, size, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 92 }).toBuffer();
      const { cells, floor } = await roomRoles(photo);
      const floorCells = floor.reduce((count, share) => count + (share >= 0.5 ? 1 : 0), 0);
      const fingerprint = createHash('sha256').update(cells).update(new Uint8Array(floor.buffer)).digest('hex').slice(0, 12);
      print(`upload ${file} ${size} px\tfloor cells ${floorCells}, reading ${fingerprint}`);
    }
  }
}

function readLines(file: string): Map<string, string> {
  const lines = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [key, value] = line.split('\t');
    if (key && value !== undefined) lines.set(key, value);
  }
  return lines;
}

/** The readings that differ between two runs, and those only one run has. */
function compare(beforeFile: string | undefined, afterFile: string | undefined) {
  if (!beforeFile || !afterFile) throw new Error('--compare needs two files: before and after');
  const [before, after] = [readLines(beforeFile), readLines(afterFile)];
  let changed = 0;
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const [was, now] = [before.get(key) ?? '(none)', after.get(key) ?? '(none)'];
    if (was === now) continue;
    changed++;
    print(`${key}: ${was} -> ${now}`);
  }
  print(`${changed} of ${after.size} readings changed`);
}
