// The fields are the platform's (CSRF is a platform concern); the accounts forms keep importing them from here.
export { FormSecurityFields } from "../../../platform/security/form-security-fields.tsx";
