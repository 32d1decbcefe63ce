//! Search: generic alpha-beta over any `Position` with an evaluation.
