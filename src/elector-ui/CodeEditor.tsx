// The learner's code editor: CodeMirror 6 with TypeScript highlighting, completions for the
// elector API, and inline errors from the elector compiler (line and column) and from the runs
// (a handler that threw or ran too long, at its line). Its own chunk, loaded by the editor page
// only: no other page pays for CodeMirror, Sucrase or acorn.
//
// Tab is left to the page (CodeMirror binds it only when asked), so a keyboard user moves through
// the editor like any field; indentation follows Enter, and Ctrl-] / Ctrl-[ indent by hand.
import { useEffect, useRef } from "react";
import { EditorState, type Extension } from "@codemirror/state";
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from "@codemirror/language";
import { javascript, javascriptLanguage, localCompletionSource } from "@codemirror/lang-javascript";
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from "@codemirror/autocomplete";
import { lintGutter, linter, lintKeymap, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { electorCompletions } from "./completions.ts";
import type { SourceProblem } from "./diagnostics.ts";

// The compiler (Sucrase and acorn) is a chunk of its own, asked for once the editor shows: the
// code is readable and editable before it arrives, and underlined once it has.
const loadChecks = () => import("./diagnostics.ts");

export interface EditorHandle {
  /** replace the whole text (Reset to starter), as one undoable change */
  setText: (text: string) => void;
  focusLine: (line: number) => void;
}

interface CodeEditorProps {
  initial: string;
  /** the id of the visible heading that names the editor */
  labelledBy: string;
  /** the id of the text that says how to leave and use it */
  describedBy?: string;
  onChange: (text: string) => void;
  /** problems found by running the code (a throw, a handler that ran too long) */
  runtime: SourceProblem[];
  /** what the compiler found on the current text, for the page's own list */
  onProblems?: (problems: SourceProblem[]) => void;
  onReady?: (handle: EditorHandle) => void;
}

function toDiagnostic(view: EditorView, p: SourceProblem): Diagnostic {
  const doc = view.state.doc;
  const line = doc.line(Math.min(Math.max(1, p.line), doc.lines));
  const from = Math.min(line.from + Math.max(0, (p.column ?? 1) - 1), line.to);
  const to = p.length ? Math.min(from + p.length, line.to) : line.to > from ? line.to : from;
  return { from, to, severity: p.severity, message: p.message, source: p.source };
}

const theme = EditorView.theme({
  "&": {
    fontSize: "var(--el-code-size, 0.9375rem)",
    border: "1px solid var(--border)",
    borderRadius: "8px",
    background: "var(--surface)",
    color: "var(--text)",
  },
  "&.cm-focused": { outline: "3px solid var(--focus)", outlineOffset: "2px" },
  ".cm-content": { fontFamily: "var(--font-mono)", caretColor: "var(--text)", padding: "8px 0" },
  ".cm-scroller": { fontFamily: "var(--font-mono)", lineHeight: "1.55" },
  ".cm-gutters": {
    background: "var(--surface-2)",
    color: "var(--muted)",
    borderRight: "1px solid var(--border)",
  },
  ".cm-activeLine": { background: "color-mix(in srgb, var(--accent) 6%, transparent)" },
  ".cm-activeLineGutter": {
    background: "color-mix(in srgb, var(--accent) 12%, transparent)",
    color: "var(--text)",
  },
  "&.cm-focused .cm-cursor": { borderLeftColor: "var(--text)" },
  ".cm-tooltip": { background: "var(--surface)", color: "var(--text)", border: "1px solid var(--border)" },
  ".cm-tooltip-autocomplete ul li[aria-selected]": {
    background: "var(--accent)",
    color: "var(--accent-contrast)",
  },
  ".cm-completionInfo": { maxWidth: "22rem", whiteSpace: "normal", padding: "6px 8px" },
  ".cm-diagnostic": { whiteSpace: "pre-wrap" },
});

export default function CodeEditor({
  initial,
  labelledBy,
  describedBy,
  onChange,
  runtime,
  onProblems,
  onReady,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const runtimeRef = useRef(runtime);
  const callbacks = useRef({ onChange, onProblems, onReady });
  useEffect(() => {
    callbacks.current = { onChange, onProblems, onReady };
  });
  const first = useRef({ initial, labelledBy, describedBy });

  useEffect(() => {
    const { initial: text, labelledBy: label, describedBy: described } = first.current;
    const lint = linter(
      async (v) => {
        const { checkSource } = await loadChecks();
        const compiled = checkSource(v.state.doc.toString());
        callbacks.current.onProblems?.(compiled);
        return [...compiled, ...runtimeRef.current].map((p) => toDiagnostic(v, p));
      },
      { delay: 400 },
    );
    const extensions: Extension[] = [
      lineNumbers(),
      highlightActiveLineGutter(),
      history(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      closeBrackets(),
      highlightActiveLine(),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      javascript({ typescript: true }),
      javascriptLanguage.data.of({ autocomplete: localCompletionSource }),
      autocompletion({ override: [electorCompletions, localCompletionSource], icons: false }),
      lint,
      lintGutter(),
      keymap.of([
        ...closeBracketsKeymap,
        ...defaultKeymap,
        ...historyKeymap,
        ...completionKeymap,
        ...lintKeymap,
      ]),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        "aria-labelledby": label,
        ...(described ? { "aria-describedby": described } : {}),
      }),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) callbacks.current.onChange(u.state.doc.toString());
      }),
      theme,
    ];
    const v = new EditorView({ state: EditorState.create({ doc: text, extensions }), parent: host.current! });
    view.current = v;
    callbacks.current.onReady?.({
      setText: (t) => v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: t } }),
      focusLine: (n) => {
        const line = v.state.doc.line(Math.min(Math.max(1, n), v.state.doc.lines));
        v.dispatch({ selection: { anchor: line.from }, scrollIntoView: true });
        v.focus();
      },
    });
    return () => {
      v.destroy();
      view.current = null;
    };
  }, []);

  // A run's problems are shown at once, not after the next keystroke (the linter keeps them
  // on its later passes, from runtimeRef, until the code changes).
  useEffect(() => {
    runtimeRef.current = runtime;
    let live = true;
    void loadChecks().then(({ checkSource }) => {
      const v = view.current;
      if (!v || !live) return;
      const all = [...checkSource(v.state.doc.toString()), ...runtime].map((p) => toDiagnostic(v, p));
      v.dispatch(setDiagnostics(v.state, all));
    });
    return () => {
      live = false;
    };
  }, [runtime]);

  return <div ref={host} className="el-editor" data-testid="elector-editor" />;
}
