// Shared vitest setup. Component tests opt into happy-dom with a file comment.
export {};
