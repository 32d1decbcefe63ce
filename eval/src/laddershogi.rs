//! Evaluation of laddershogi (to be written with the laddershogi rules).
