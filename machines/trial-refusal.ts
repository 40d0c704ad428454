/**
 * Spec sections 6 and 9: a trial account (type 4) asking for the inbox or the
 * live chat is refused with 'Please log in to a real account to use this
 * function', shown for 1 s, and stays where it is. The message center and the
 * chat launcher (machines/message-center.machine.ts,
 * machines/chat-launch.machine.ts) show it as a toast; the chat screen,
 * reached by its address, shows it in place of the conversation.
 */
export const trialRefusalMs = 1000;

/** The message id of the refusal. */
export const trialRefusalMessage = 'messaging.trial.refused';
