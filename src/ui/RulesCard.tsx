// A product's published rules written out on its page, as a titled, numbered list (the second
// contract's settlement, a pre-sale's allocation, the fixed-term products' schedule).
import { useId } from 'react';

export function RulesCard(props: { title: string; rules: readonly string[]; testId: string }) {
  const titleId = useId();
  return (
    <section className="card item-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {props.title}
      </h2>
      <ol className="rules-list" data-testid={props.testId}>
        {props.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
    </section>
  );
}
