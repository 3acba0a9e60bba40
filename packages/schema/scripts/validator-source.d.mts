export declare const AJV_OPTIONS: Record<string, unknown>;
export declare function generateValidatorSource(schema: object): string;
