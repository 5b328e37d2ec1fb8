import { AGENT_LIMITS } from '../../../shared/contract/agent';
import { TextArea } from './WizardLayout';

/** The motivating questions of a flow, one answer field each; the first takes the focus. */
export function QuestionFields(props: {
  questions: readonly { id: string; question: string }[];
  answers: Record<string, string>;
  onChange(answers: Record<string, string>): void;
}) {
  return (
    <>
      {props.questions.map((question, index) => (
        <TextArea
          key={question.id}
          id={`answer-${question.id}`}
          label={question.question}
          value={props.answers[question.id] ?? ''}
          onChange={(value) => props.onChange({ ...props.answers, [question.id]: value })}
          rows={3}
          maxLength={AGENT_LIMITS.answer}
          autoFocus={index === 0}
        />
      ))}
    </>
  );
}
