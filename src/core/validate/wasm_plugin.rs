//! Validation of WasmPlugin: not implemented yet.
