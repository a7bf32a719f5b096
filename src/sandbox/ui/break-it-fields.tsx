// The "Try to break it" form's fields: the property, the budget and the faults the search may use.
import { SEARCH_FAULTS } from "../../engine/search/index.ts";
import { KIND_LABEL, type BreakItForm as Form } from "../break-it-form.ts";
import type { PropertyGroup } from "./break-it-words.ts";

interface FieldsProps {
  /** the form's id prefix */
  id: string;
  form: Form;
  set: <K extends keyof Form>(k: K, v: Form[K]) => void;
  running: boolean;
  hasStore: boolean;
  /** the invalid field's aria attributes (none on the others) */
  err: (k: keyof Form) => { "aria-invalid"?: true; "aria-describedby"?: string };
  /** the properties this run's protocol can break, in its words */
  properties: readonly PropertyGroup[];
}

export function BreakItFields({ id, form, set, running, hasStore, err, properties }: FieldsProps) {
  return (
    <>
      <div className="sb-fields">
        <label className="sb-field sb-field-wide" htmlFor={`${id}-prop`}>
          <span>Property to break</span>
          <select
            id={`${id}-prop`}
            value={form.property}
            disabled={running}
            onChange={(e) => set("property", e.target.value)}
          >
            {properties.map((g) => (
              <optgroup key={g.group} label={g.group}>
                {g.items.map(([v, t]) => (
                  <option key={v} value={v}>
                    {t}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        {form.property === "leaderless" && (
          <label className="sb-field" htmlFor={`${id}-ll`}>
            <span>Longest time without a leader (s)</span>
            <input
              id={`${id}-ll`}
              type="number"
              min="0.1"
              step="0.1"
              inputMode="decimal"
              value={form.leaderlessS}
              disabled={running}
              onChange={(e) => set("leaderlessS", e.target.value)}
              {...err("leaderlessS")}
            />
          </label>
        )}
        <label className="sb-field" htmlFor={`${id}-n`}>
          <span>Schedules to try</span>
          <input
            id={`${id}-n`}
            type="number"
            min="1"
            max="100000"
            step="1"
            inputMode="numeric"
            value={form.schedules}
            disabled={running}
            onChange={(e) => set("schedules", e.target.value)}
            {...err("schedules")}
          />
        </label>
        <label className="sb-field" htmlFor={`${id}-k`}>
          <span>Faults per schedule, at most</span>
          <input
            id={`${id}-k`}
            type="number"
            min="1"
            max="10"
            step="1"
            inputMode="numeric"
            value={form.maxFaults}
            disabled={running}
            onChange={(e) => set("maxFaults", e.target.value)}
            {...err("maxFaults")}
          />
        </label>
      </div>
      <fieldset className="sb-fieldset" disabled={running} {...err("kinds")}>
        <legend>Faults the search may use</legend>
        <div className="sb-fields">
          {/* Only the faults that apply: a protocol without a store is offered no store outage. */}
          {SEARCH_FAULTS.filter((k) => k !== "store-outage" || hasStore).map((k) => (
            <label key={k} className="sb-check">
              <input
                type="checkbox"
                checked={form.kinds[k]}
                onChange={(e) => set("kinds", { ...form.kinds, [k]: e.target.checked })}
              />
              {KIND_LABEL[k]}
            </label>
          ))}
        </div>
        <div className="sb-fields">
          <label className="sb-field" htmlFor={`${id}-pause`}>
            <span>Longest pause (s)</span>
            <input
              id={`${id}-pause`}
              type="number"
              min="0.1"
              step="0.1"
              inputMode="decimal"
              value={form.pauseS}
              onChange={(e) => set("pauseS", e.target.value)}
              {...err("pauseS")}
            />
          </label>
          <label className="sb-field" htmlFor={`${id}-span`}>
            <span>Longest partition, cut, slow spell or outage (s)</span>
            <input
              id={`${id}-span`}
              type="number"
              min="0.1"
              step="0.1"
              inputMode="decimal"
              value={form.spanS}
              onChange={(e) => set("spanS", e.target.value)}
              {...err("spanS")}
            />
          </label>
          <label className="sb-field" htmlFor={`${id}-drift`}>
            <span>Largest clock drift (%)</span>
            <input
              id={`${id}-drift`}
              type="number"
              min="0.1"
              max="99"
              step="0.1"
              inputMode="decimal"
              value={form.driftPct}
              onChange={(e) => set("driftPct", e.target.value)}
              {...err("driftPct")}
            />
          </label>
        </div>
      </fieldset>
    </>
  );
}
