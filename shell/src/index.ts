// An asynchronous boundary: shared modules (react, antd, …) are negotiated with the
// remotes before any of them is evaluated.
void import('./bootstrap');
