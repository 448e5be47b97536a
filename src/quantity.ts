import { renderQuantity } from './model/quantity';

/**
 * A Kubernetes quantity (`30`, `'500m'`, `'2Gi'`), typed: for `MetricTarget.valueQuantity()` and
 * `MetricTarget.averageValueQuantity()`, whose parameter is a `Quantity` in every language where
 * `MetricTarget.value()`/`averageValue()` take a number-or-string (`Object` in Java,
 * `interface{}` in Go).
 *
 * Never throws: a string that is not a quantity is reported at synth, with its field path, like
 * any other bad value.
 *
 * @example
 * MetricTarget.averageValueQuantity(Quantity.parse('500m'));
 * MetricTarget.valueQuantity(Quantity.of(200));
 */
export class Quantity {
  /** A plain number of units (`200`, `0.5`). */
  public static of(amount: number): Quantity {
    return new Quantity(amount);
  }

  /** A quantity in Kubernetes notation: `'500m'`, `'1.5'`, `'2Gi'`, `'2k'`. */
  public static parse(text: string): Quantity {
    return new Quantity(text);
  }

  /** The quantity as given: a number, or the text. */
  public readonly amount: number | string;

  private constructor(amount: number | string) {
    this.amount = amount;
  }

  /** The quantity as the manifest writes it (`'500m'`, `'200'`). */
  public toString(): string {
    return renderQuantity(this.amount);
  }
}
