import { Errors, uuidParam } from '../common';

/** The `:id` of a coaching session in a path: anything but a UUID answers "session not found", as an unknown id does. */
export const sessionIdParam = uuidParam(Errors.sessionNotFound);
