// A value (URL, id) or a block of text (config, command) with a copy button beside it.

import { CopyButton } from '../../components/CopyButton';

/** One labelled value on a line: a term, the value in code, "Copy". */
export function CopyableTerm({ term, value, what, testId }: { term: string; value: string; what: string; testId: string }) {
  return (
    <div className="int-field">
      <dt>{term}</dt>
      <dd className="copyable">
        <code data-testid={testId}>{value}</code>
        <CopyButton text={value} what={what} />
      </dd>
    </div>
  );
}

/** A block to paste into a shell or a config file. */
export function Snippet({ text, what, testId }: { text: string; what: string; testId?: string }) {
  return (
    <div className="int-snippet">
      {/* A long command scrolls sideways: focusable, so the keyboard can scroll it too. */}
      <pre data-testid={testId} tabIndex={0} role="region" aria-label={what}>
        <code>{text}</code>
      </pre>
      <div className="int-snippet-copy">
        <CopyButton text={text} what={what} />
      </div>
    </div>
  );
}
