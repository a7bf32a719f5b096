// The sandbox's number input with its unit and hint, and the hook that reads and sets the run's parameters it edits.
import { useId } from "react";
import type { Params } from "../store.ts";
import { useController, useSandbox } from "./context.ts";

export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step,
  blankable = false,
  hint,
  placeholder,
}: {
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  min?: number;
  max?: number;
  step?: number | "any";
  blankable?: boolean;
  hint?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="sb-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        value={value === null ? "" : String(value)}
        min={min}
        max={max}
        step={step ?? "any"}
        placeholder={placeholder ?? (blankable ? "until healed" : undefined)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => {
          const raw = e.target.value;
          if (raw === "") return onChange(blankable ? null : value);
          const v = Number(raw);
          if (Number.isFinite(v)) onChange(v);
        }}
      />
      {hint && (
        <span id={`${id}-hint`} className="sb-hint">
          {hint}
        </span>
      )}
    </div>
  );
}

export function useParams(): [Params, (p: Partial<Params>) => void] {
  const ctl = useController();
  const params = useSandbox((s) => s.params);
  return [params, (p) => ctl.dispatch({ type: "params", params: p })];
}
