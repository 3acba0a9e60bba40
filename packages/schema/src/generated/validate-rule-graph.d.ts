// Hand-written declaration for the generated standalone validator.

export interface RuleGraphValidationError {
  /** JSON pointer into the validated value */
  instancePath: string;
  /** JSON pointer into the schema (`#/$defs/...`) */
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  /** set on errors about a property name (keyword `propertyNames`) */
  propertyName?: string;
  message?: string;
}

export interface RuleGraphValidateFunction {
  (data: unknown): boolean;
  /** the errors of the last failed call; null after a success */
  errors?: RuleGraphValidationError[] | null;
}

export declare const validate: RuleGraphValidateFunction;
export default validate;
