// antd's Input index attaches TextArea, Search and OTP (rc-textarea and more) to Input; the sign-in
// forms need only these two, so they come from their own modules.
export { default as TextInput } from "antd/es/input/Input";
export { default as PasswordInput } from "antd/es/input/Password";
