import { ChoiceSelect, type Choice } from '../../components/Field';
import { useView } from './view';

/** What a panel shows (its metric, its field), chosen among `choices` and kept in the URL's view. */
export function ViewSelect({
  name,
  label,
  choices,
  testId,
}: {
  name: 'metric' | 'topn';
  label: string;
  choices: readonly Choice[];
  testId: string;
}) {
  const [view, setView] = useView();
  return (
    <ChoiceSelect aria-label={label} value={view[name]} choices={choices} onChoose={(v) => setView({ [name]: v })} data-testid={testId} />
  );
}
