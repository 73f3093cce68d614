import { expect, type Page } from '@playwright/test';

/** The question showing in the carousel (the hidden slides are out of the accessibility tree). */
export const currentQuestion = (page: Page, number: number) => page.getByRole('region', { name: `第${number}题` });

/** Answers question `number`: the first option, confirmed when it is a multiple choice. */
export async function answerFirstOption(page: Page, number: number): Promise<void> {
  const question = currentQuestion(page, number);
  await expect(question).toBeVisible();
  const confirm = question.getByRole('button', { name: /确定答案/ });
  if (await confirm.isVisible()) {
    await confirm.click();
    // The previous multiple-choice question's message may still be fading out beside this one.
    await expect(page.getByText('请选择多选题选项').last()).toBeVisible();
    await question.getByRole('checkbox').first().check();
    await confirm.click();
    await expect(question.getByRole('checkbox').first()).toBeDisabled();
  } else {
    await question.getByRole('radio').first().check();
    await expect(question.getByRole('radio').nth(1)).toBeDisabled();
  }
}

/** Chooses the `index`-th year (0 = the newest) in /examList's year dropdown; returns it. */
export async function chooseExamYear(page: Page, index: number): Promise<number> {
  const select = page.getByRole('combobox', { name: '年度' });
  // The years are listed once they have arrived; the select then shows the chosen one.
  const years = select.locator('option', { hasText: '年度' });
  await expect(years.first()).toBeAttached();
  const option = years.nth(index);
  const year = Number(/(\d{4})年度/.exec((await option.textContent()) ?? '')![1]);
  await select.selectOption({ label: `${year}年度` });
  return year;
}
