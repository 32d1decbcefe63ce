//! Evaluation of chutes (to be written with the chutes rules).
