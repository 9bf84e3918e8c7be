import { z } from 'zod';

/** The validation layer's generic messages, the same on server and client: 'Required' and 'Invalid input'. */
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') return issue.input === undefined ? 'Required' : 'Invalid input';
    return undefined;
  },
});
