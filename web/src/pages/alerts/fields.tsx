// The fields of a rule, as the create and edit forms both ask for them.

import type { ChangeEvent } from 'react';
import { Field, InputField } from '../../components/Field';
import type { MetricUnit } from '../../lib/types';
import { ThresholdField } from './ThresholdField';
import { fromInput, opSymbol } from './units';

const WORDS: Record<string, string> = { gte: '(at least)', lte: '(at most)' };

interface InputProps {
  id: string;
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  placeholder?: string;
  testId?: string;
}

export function NameField({ testId, ...input }: InputProps) {
  return <InputField label="Name" maxLength={200} required data-testid={testId} {...input} />;
}

export function WindowField({ testId, ...input }: Omit<InputProps, 'placeholder'>) {
  return (
    <InputField label="Window (min)" className="field-narrow" type="number" min={1} max={10080} required data-testid={testId} {...input} />
  );
}

export function TargetField({ testId, ...input }: InputProps) {
  return <InputField label="Target URL" className="grow" type="url" maxLength={2048} required data-testid={testId} {...input} />;
}

/** The parts of a rule's form its condition reads. */
interface ConditionForm {
  operator: string;
  threshold: string;
  window_min: string;
}

/** The condition: how the metric compares (≥ or ≤) with the threshold, in the metric's unit. */
export function ConditionFields<F extends ConditionForm>({
  ids,
  f,
  setF,
  metric,
  unit,
  operators,
  describedBy,
}: {
  ids: string;
  f: F;
  setF: (f: F) => void;
  metric: string;
  unit: MetricUnit;
  operators: readonly string[];
  describedBy?: string;
}) {
  return (
    <>
      <Field id={`${ids}o`} label="Condition" className="field-narrow">
        <select id={`${ids}o`} value={f.operator} onChange={(e) => setF({ ...f, operator: e.target.value })}>
          {operators.map((o) => (
            <option key={o} value={o}>
              {opSymbol(o)} {WORDS[o] ?? ''}
            </option>
          ))}
        </select>
      </Field>
      <ThresholdField
        id={`${ids}t`}
        metric={metric}
        unit={unit}
        value={f.threshold}
        onChange={(threshold) => setF({ ...f, threshold })}
        windowMin={f.window_min}
        invalid={f.threshold !== '' && !fromInput(unit, f.threshold).ok}
        describedBy={describedBy}
      />
    </>
  );
}
