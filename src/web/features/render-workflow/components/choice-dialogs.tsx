// The workflow's first two choices (seed 000 §2 "Modals and flows" 3 and 4): the room type, then the
// AI engine (StructuralDesign AI by default).
import { useState } from 'react';
import { AI_ENGINES, DEFAULT_AI_ENGINE, ROOM_TYPES, type AiEngineId, type RoomType } from '#shared/constants';
import { Modal } from '#web/components/ui/modal';
import { rendererLabel, useEngines } from '../api/get-engines';

const choiceClass = (selected: boolean) =>
  `rounded-xl border-2 p-4 text-left transition-colors ${selected ? 'border-teal-600 bg-teal-50' : 'border-stone-200 hover:border-stone-400'}`;

type StepProps<T> = { open: boolean; onCancel: () => void; onContinue: (value: T) => void };

export function RoomTypeDialog({ open, photoUrl, onCancel, onContinue }: StepProps<RoomType> & { photoUrl: string | null }) {
  const [room, setRoom] = useState<RoomType | null>(null);
  const label = ROOM_TYPES.find((candidate) => candidate.key === room)?.label;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="What Type of Room Is This?"
      width="max-w-lg"
      footer={
        <button
          type="button"
          disabled={!room}
          onClick={() => room && onContinue(room)}
          className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {label ? `Continue with ${label}` : 'Choose a room type'}
        </button>
      }
    >
      {/* A fixed box: the choices below must not move when the photo arrives, or a tap meant for one lands on another. */}
      {photoUrl && (
        <img
          src={photoUrl}
          alt="Your photo"
          data-testid="uploaded-photo"
          className="mb-4 h-48 w-full rounded-xl bg-stone-100 object-contain"
        />
      )}
      <div role="radiogroup" aria-label="Room type" className="grid grid-cols-2 gap-3">
        {ROOM_TYPES.map((option) => (
          <button
            key={option.key}
            type="button"
            role="radio"
            aria-checked={room === option.key}
            onClick={() => setRoom(option.key)}
            className={choiceClass(room === option.key)}
          >
            <span className="font-semibold">{option.label}</span>
          </button>
        ))}
      </div>
    </Modal>
  );
}

export function EngineDialog({ open, onCancel, onContinue }: StepProps<AiEngineId>) {
  const [engine, setEngine] = useState<AiEngineId>(DEFAULT_AI_ENGINE);
  const engines = useEngines(open);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="Choose Your AI Engine"
      width="max-w-lg"
      footer={
        <button
          type="button"
          onClick={() => onContinue(engine)}
          className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800"
        >
          Continue
        </button>
      }
    >
      <div role="radiogroup" aria-label="AI engine" className="grid gap-3 sm:grid-cols-2">
        {AI_ENGINES.map((option) => (
          <button
            key={option.id}
            type="button"
            role="radio"
            aria-checked={engine === option.id}
            onClick={() => setEngine(option.id)}
            className={choiceClass(engine === option.id)}
          >
            <span className="block font-semibold">{option.name}</span>
            <span className="mt-1 block text-sm text-stone-600">{option.summary}</span>
            {rendererLabel(engines, option.id) && (
              <span className="mt-2 block text-xs text-stone-700" data-testid="engine-renderer">
                Renders with: {rendererLabel(engines, option.id)}
              </span>
            )}
          </button>
        ))}
      </div>
    </Modal>
  );
}
