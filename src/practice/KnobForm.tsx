// The settings a challenge lets the learner change, as a form: each knob a check box, a choice
// or a number; applying checks the whole scenario first and names what cannot run.
import { useId, useState, type FormEvent } from "react";
import type { Challenge, Knob } from "./challenge-schema.ts";
import type { ChallengeSandbox } from "./challenge-run.ts";
import { knobStored, knobValue, withSettings, type RawScenario } from "./scenario-tools.ts";

function KnobField({
  knob,
  value,
  onChange,
  id,
}: {
  knob: Knob;
  value: unknown;
  onChange: (v: unknown) => void;
  id: string;
}) {
  if (knob.type === "boolean")
    return (
      <label className="pr-check">
        <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />{" "}
        {knob.label}
      </label>
    );
  if (knob.type === "choice")
    return (
      <div className="pr-field">
        <label htmlFor={id}>{knob.label}</label>
        <select
          id={id}
          value={String(value)}
          onChange={(e) => onChange(knob.choices.find((c) => String(c.value) === e.target.value)?.value)}
        >
          {knob.choices.map((c) => (
            <option key={String(c.value)} value={String(c.value)}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
    );
  return (
    <div className="pr-field">
      <label htmlFor={id}>{knob.label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={knob.min}
        max={knob.max}
        step={knob.step}
        value={value === null || value === undefined ? "" : String(value)}
        onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
      />
    </div>
  );
}

export function KnobForm({
  challenge,
  scenario,
  check,
  onApply,
}: {
  challenge: Challenge;
  scenario: RawScenario;
  check: ChallengeSandbox["check"];
  onApply: (raw: RawScenario) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<unknown[]>(() => challenge.knobs.map((k) => knobValue(scenario, k)));
  const [error, setError] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const bad = challenge.knobs.findIndex(
      (k, i) =>
        (k.type === "duration" || k.type === "number") &&
        (values[i] === null ||
          !Number.isFinite(values[i] as number) ||
          (values[i] as number) < k.min ||
          (values[i] as number) > k.max),
    );
    if (bad >= 0) {
      const k = challenge.knobs[bad] as Extract<Knob, { min: number }>;
      setError(`${k.label}: enter a number from ${k.min} to ${k.max}.`);
      return;
    }
    const settings = Object.fromEntries(challenge.knobs.map((k, i) => [k.path, knobStored(k, values[i])]));
    const raw = withSettings(scenario, settings);
    const checked = check(raw);
    if (!checked.ok) {
      setError(`These settings cannot run: ${checked.message}`);
      return;
    }
    setError("");
    onApply(raw);
  };
  return (
    <form
      className="pr-knobs"
      onSubmit={submit}
      noValidate
      aria-describedby={error ? `${id}-err` : undefined}
    >
      <div className="pr-fields">
        {challenge.knobs.map((k, i) => (
          <KnobField
            key={k.path}
            id={`${id}-${i}`}
            knob={k}
            value={values[i]}
            onChange={(v) => setValues((old) => old.map((x, j) => (j === i ? v : x)))}
          />
        ))}
      </div>
      {error && (
        <p id={`${id}-err`} className="pr-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button primary">
        Apply settings and restart the run
      </button>
    </form>
  );
}
