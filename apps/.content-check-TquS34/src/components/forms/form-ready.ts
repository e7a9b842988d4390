/** Dispatched on a form once React owns it; src/directives/form.ts then replays held keys and submits. */
export const formReadyEvent = 'growmail:form-ready';
