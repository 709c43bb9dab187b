import { ValidationError } from '../core/errors/domain-error';
import { parsePluralFormula, PluralFormulaError, pluralType } from './plural-formula';

export interface PluralDefinition {
  number: number;
  formula: string;
  type: number;
}

/** The numbers a formula is tried on: every residue that plural rules look at (mod 10, 100, 1000). */
const CHECKED_UP_TO = 1000;

/**
 * Checks a plural definition sent by a client and classifies it. A formula that does not parse, or that
 * picks a form outside 0..number-1 for some count, would break every translation in the language, so it is
 * refused (on `plural.formula`) rather than stored.
 */
export function checkPluralDefinition(number: number, formula: string): PluralDefinition {
  let evaluate: (n: number) => number;
  try {
    evaluate = parsePluralFormula(formula);
  } catch (error) {
    if (error instanceof PluralFormulaError) throw ValidationError.field('plural.formula', error.message);
    throw error;
  }
  for (let n = 0; n <= CHECKED_UP_TO; n++) {
    const index = evaluate(n);
    if (index < 0 || index >= number) {
      throw ValidationError.field(
        'plural.formula',
        `The formula gives form ${index} for n = ${n}; with ${number} plural forms it must give 0 to ${number - 1}.`,
      );
    }
  }
  return { number, formula, type: pluralType(number, formula) };
}
