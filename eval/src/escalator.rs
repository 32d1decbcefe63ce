//! Evaluation of escalator (to be written with the escalator rules).
