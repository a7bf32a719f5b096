// A choice question's options, each with its key number: radio buttons for one answer, check
// boxes for several. The group is named by its hint ("Choose one answer."), not by the prompt again.
export function ChoiceOptions({
  uid,
  items,
  multiple,
  selected,
  locked,
  labelledBy,
  onChoose,
}: {
  uid: string;
  items: readonly { id: string; text: string }[];
  multiple: boolean;
  selected: string[];
  locked: boolean;
  labelledBy: string;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className="quiz-options" disabled={locked} aria-labelledby={labelledBy}>
      {items.map((o, i) => (
        <label key={o.id} className={`quiz-option ${selected.includes(o.id) ? "is-selected" : ""}`}>
          <input
            type={multiple ? "checkbox" : "radio"}
            name={`${uid}-opt`}
            value={o.id}
            checked={selected.includes(o.id)}
            onChange={() => onChoose(o.id)}
          />
          <span className="quiz-key" aria-hidden="true">
            {i + 1}
          </span>
          <span>{o.text}</span>
        </label>
      ))}
    </fieldset>
  );
}
