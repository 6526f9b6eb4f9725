/** The hidden form field that carries the CSRF token (double submit with the `csrftoken` cookie). */
export const CSRF_FIELD = 'csrf';
