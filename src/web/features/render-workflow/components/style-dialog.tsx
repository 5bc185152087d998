// 'Choose a Design Style' (seed 000 §2 "Modals and flows" 5): the chosen engine, the room's preset
// styles, a Custom Style card with an optional base style and the homeowner's own requirements.
import { useState } from 'react';
import { AI_ENGINES, type AiEngineId, type RoomType, type StyleId } from '#shared/constants';
import { STYLE_PREVIEW_COLOURS, stylesForRoom } from '#shared/styles';
import { Modal } from '#web/components/ui/modal';
import { inputClass } from '#web/components/ui/form-field';

export type StyleChoice = { styleId: StyleId | null; customPrompt: string | null };

type Props = { open: boolean; roomType: RoomType; engine: AiEngineId; onCancel: () => void; onContinue: (choice: StyleChoice) => void };

export function StyleDialog({ open, roomType, engine, onCancel, onContinue }: Props) {
  const presets = stylesForRoom(roomType);
  const [mode, setMode] = useState<'presets' | 'custom'>('presets');
  const [preset, setPreset] = useState<StyleId | null>(null);
  const [baseStyle, setBaseStyle] = useState<StyleId | ''>('');
  const [customText, setCustomText] = useState('');
  const engineName = AI_ENGINES.find((candidate) => candidate.id === engine)?.name;
  const canContinue = mode === 'presets' ? preset !== null : customText.trim().length > 0;

  const submit = () => {
    if (!canContinue) return;
    onContinue(
      mode === 'presets' ? { styleId: preset, customPrompt: null } : { styleId: baseStyle || null, customPrompt: customText.trim() },
    );
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="Choose a Design Style"
      description={
        <>
          Engine: <strong>{engineName}</strong>
        </>
      }
      width="max-w-3xl"
      footer={
        <button
          type="button"
          disabled={!canContinue}
          onClick={submit}
          className="w-full rounded-lg bg-teal-700 px-4 py-3 font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-50"
        >
          Generate My Design
        </button>
      }
    >
      {mode === 'presets' ? (
        <>
          <div role="radiogroup" aria-label="Design style" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {presets.map((style) => (
              <button
                key={style.id}
                type="button"
                role="radio"
                aria-checked={preset === style.id}
                onClick={() => setPreset(style.id)}
                className={`overflow-hidden rounded-xl border-2 text-left ${preset === style.id ? 'border-teal-600' : 'border-stone-200 hover:border-stone-400'}`}
              >
                <span className="flex h-14" aria-hidden>
                  {STYLE_PREVIEW_COLOURS[style.id].map((colour) => (
                    <span key={colour} className="flex-1" style={{ backgroundColor: colour }} />
                  ))}
                </span>
                <span className="block p-3">
                  <span className="block font-semibold">{style.name}</span>
                  <span className="mt-1 block text-sm text-stone-600">{style.description}</span>
                </span>
              </button>
            ))}
            <button
              type="button"
              onClick={() => setMode('custom')}
              className="rounded-xl border-2 border-dashed border-stone-300 p-4 text-left hover:border-teal-600"
            >
              <span className="block font-semibold">Custom Style</span>
              <span className="mt-1 block text-sm text-stone-600">Describe exactly what you want.</span>
            </button>
          </div>
          <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            Tip: farmhouse, transitional and coastal looks are especially popular in MetroWest homes.
          </p>
        </>
      ) : (
        <div className="space-y-4">
          <div>
            <label htmlFor="base-style" className="mb-1 block text-sm font-medium text-stone-700">
              Base style (optional)
            </label>
            <select
              id="base-style"
              className={inputClass}
              value={baseStyle}
              onChange={(event) => setBaseStyle(event.target.value as StyleId | '')}
            >
              <option value="">No base style</option>
              {presets.map((style) => (
                <option key={style.id} value={style.id}>
                  {style.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="custom-requirements" className="mb-1 block text-sm font-medium text-stone-700">
              Custom Requirements
            </label>
            <textarea
              id="custom-requirements"
              className={`${inputClass} min-h-28`}
              maxLength={1000}
              placeholder="e.g. navy cabinets with brass hardware and white oak floors"
              value={customText}
              onChange={(event) => setCustomText(event.target.value)}
            />
          </div>
          <button type="button" onClick={() => setMode('presets')} className="text-sm font-semibold text-teal-800 hover:underline">
            ← Back to preset styles
          </button>
        </div>
      )}
    </Modal>
  );
}
