//! Evaluation of rope (to be written with the rope rules).
