//! FIDE evaluation (to be written).
