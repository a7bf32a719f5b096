// Per-option feedback: every option says whether it was right, whether the learner chose it (in
// words and a symbol, never colour alone), why, and which lesson section explains it.
import { Link } from "@tanstack/react-router";
import { findLesson } from "../catalog/manifest";
import { lessonDetails } from "../catalog/details";
import type { Answer } from "./grading";
import { displayOptions, rightOptionIds } from "./grading";
import { useSandboxLink } from "../links/use-sandbox-link";
import type { PredictQuestion, Question, SectionLink } from "./schema";
import { RuleText } from "../ui/RuleText.tsx";
import { rememberShowMe } from "./show-me-return";

/** The section's heading as the lesson writes it ("Stripe, July 2019"); the anchor only when the
 *  lesson index does not know the heading. */
function sectionName(lessonId: string, slug: string): string {
  const heading = lessonDetails(lessonId)?.headings.find((h) => h.id === slug);
  if (heading) return heading.text;
  const words = slug.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function SectionLinkView({ link }: { link: SectionLink }) {
  const lesson = findLesson(link.lesson);
  return (
    <p className="quiz-read">
      <Link to="/learn/$lesson" params={{ lesson: link.lesson }} hash={link.section}>
        Read: {lesson?.title ?? link.lesson} › {sectionName(link.lesson, link.section)}
      </Link>
    </p>
  );
}

function ordinal(n: number): string {
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
}

export function Feedback({
  question,
  answer,
  predictKey,
}: {
  question: Question;
  answer: Answer;
  predictKey?: string | null;
}) {
  if (question.kind === "ordering") {
    const placed = answer.kind === "order" ? answer.order : [];
    return (
      <div className="quiz-feedback">
        <p className="quiz-feedback-lead">The right order, and where you put each step:</p>
        <ol className="quiz-fb-list">
          {question.steps.map((step, i) => {
            const at = placed.indexOf(step.id) + 1;
            const ok = at === i + 1;
            return (
              <li key={step.id} className={`quiz-fb-item ${ok ? "is-right" : "is-wrong is-picked"}`}>
                <p className="quiz-fb-head">
                  <span className="quiz-fb-mark" aria-hidden="true">
                    {ok ? "✓" : "✗"}
                  </span>
                  <strong>{step.text}</strong>
                </p>
                <p className="quiz-fb-tag">
                  {ok
                    ? `You placed it ${ordinal(at)}: right.`
                    : `You placed it ${ordinal(at)}; it belongs ${ordinal(i + 1)}.`}
                </p>
                <p>
                  <RuleText text={step.explanation} />
                </p>
                <SectionLinkView link={step.link} />
              </li>
            );
          })}
        </ol>
      </div>
    );
  }
  const right = new Set(rightOptionIds(question, predictKey));
  const chosen = new Set(answer.kind === "choice" ? answer.selected : []);
  // A one-answer question (radio buttons) asked for one choice: only the chosen option and the
  // right one are judged; the others keep their explanation without a verdict on the learner.
  const oneAnswer = question.kind !== "multiple";
  return (
    <div className="quiz-feedback">
      <ul className="quiz-fb-list">
        {displayOptions(question).map((o) => {
          const isRight = right.has(o.id);
          const picked = chosen.has(o.id);
          // The tag judges the learner's choice, not only the option: leaving out a wrong option
          // was the right call and must read as one.
          const tag = isRight
            ? picked
              ? "Correct, and you chose it."
              : "Correct, but you did not choose it."
            : picked
              ? "You chose this; it is wrong."
              : oneAnswer
                ? null
                : "Wrong, and you rightly left it out.";
          return (
            <li
              key={o.id}
              className={`quiz-fb-item ${isRight ? "is-right" : "is-wrong"} ${picked ? "is-picked" : ""}`}
            >
              <p className="quiz-fb-head">
                <span className="quiz-fb-mark" aria-hidden="true">
                  {isRight ? "✓" : "✗"}
                </span>
                <strong>{o.text}</strong>
              </p>
              {tag && <p className="quiz-fb-tag">{tag}</p>}
              <p>
                <RuleText text={o.explanation} />
              </p>
              <SectionLinkView link={o.link} />
            </li>
          );
        })}
      </ul>
      {question.kind === "predict" && <ShowMe question={question} />}
    </div>
  );
}

/** The name a question's changed run opens under in the sandbox. */
const SHOW_ME_TITLE = "The run behind your quiz question";

/** "Show me in the sandbox": the question's own run (a preset, a changed preset or an inline
 *  scenario), paused at the moment the question is about. */
function ShowMe({ question }: { question: PredictQuestion }) {
  const run = useSandboxLink(question.scenario);
  if (!run) return null;
  // The sandbox names the question to say what Play will show and to lead back to it. A changed
  // or inline run travels as a share link, which the sandbox would otherwise call "A shared run":
  // it gets a name that says where it came from.
  const title = run.includes("run=") ? `&title=${encodeURIComponent(SHOW_ME_TITLE)}` : "";
  const href = `${run}${title}&quiz=${encodeURIComponent(question.id)}`;
  // Its own row: the button first, then what it does (on a phone, full width and 44 px high, not
  // a small button with the explanation wrapped around it; review 9a #9).
  return (
    <p className="quiz-show-me-row">
      <a
        className="button quiz-show-me"
        href={href}
        // Back returns to this very place: the link is put back where it sat in the window.
        onClick={(e) => rememberShowMe(question.id, e.currentTarget.getBoundingClientRect().top)}
      >
        Show me in the sandbox
      </a>{" "}
      <span className="muted quiz-show-me-note">
        Opens this run paused just before the moment the question is about; Back returns here with your
        answers.
      </span>
    </p>
  );
}
