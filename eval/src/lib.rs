//! Evaluation: one module per variant behind one `Evaluate` trait.
