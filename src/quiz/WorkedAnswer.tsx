// A question's worked answer, where it has one: shown after answering and in the session review.
export function WorkedAnswer({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <div className="quiz-worked">
      <p className="quiz-worked-title">The answer, explained</p>
      <p>{text}</p>
    </div>
  );
}
