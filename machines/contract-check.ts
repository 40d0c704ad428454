/**
 * Which members the home asks about agent contracts (spec section 5: "Contract
 * check runs only for types not 4, 40, 41, 42"). Pure data: the home's gate
 * reads it before it loads anything of the prompt, and the prompt's machine
 * (machines/contract-prompt.machine.ts) guards with it.
 */

/** Member types the contract check skips: trial 4, and 40, 41, 42 (spec sections 5 and 10). */
export const contractCheckSkippedTypes: readonly number[] = [4, 40, 41, 42];

/** Whether a member of `memberType` is asked about the contract proposals awaiting it. */
export const checksContracts = (memberType: number) => !contractCheckSkippedTypes.includes(memberType);
