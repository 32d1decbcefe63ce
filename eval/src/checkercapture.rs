//! Evaluation of checkercapture (to be written with the checkercapture rules).
