import type { ChangeEvent } from 'react';
import { opSymbol } from './units';

const WORDS: Record<string, string> = { gte: '(at least)', lte: '(at most)' };

/** The rule's comparison, as the create and edit forms both ask for it. */
export function OperatorField({
  id,
  value,
  operators,
  onChange,
}: {
  id: string;
  value: string;
  operators: readonly string[];
  onChange: (e: ChangeEvent<HTMLSelectElement>) => void;
}) {
  return (
    <div className="field field-narrow">
      <label htmlFor={id}>Condition</label>
      <select id={id} value={value} onChange={onChange}>
        {operators.map((o) => (
          <option key={o} value={o}>
            {opSymbol(o)} {WORDS[o] ?? ''}
          </option>
        ))}
      </select>
    </div>
  );
}
