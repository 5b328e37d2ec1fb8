import { fireEvent, screen, within } from '@testing-library/react';

/** Picks the first option of every question of the questionnaire on screen. */
export function answerEveryQuestion() {
  for (const group of screen.getAllByRole('radiogroup')) fireEvent.click(within(group).getAllByRole('radio')[0]!);
}
